import { useEffect, useRef } from "react";

/** A ref that holds the latest value given, for listeners that live longer than one render. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
