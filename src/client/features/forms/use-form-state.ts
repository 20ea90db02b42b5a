import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { checkWith, fieldErrorsOf, type FieldErrors } from "@/lib/api-form";

/**
 * State for a simple enquiry form: values, per-field errors (from the contract's schema before
 * sending, and from the server's `errors[]` after), focus on the first invalid field, a toast with
 * the server's message on success, and a reset.
 *
 * `loadSchema` loads the contract's schema (a dynamic import): zod is not part of what a public page
 * loads before the first interaction (D73). Typing in the form starts loading it; a
 * submit waits for it.
 */
export function useFormState<K extends string, T>({
  initial,
  loadSchema,
  send,
  isPending,
}: {
  initial: Record<K, string>;
  loadSchema: () => Promise<ZodType<T>>;
  send: (
    data: T,
    callbacks: { onSuccess: (res: { message: string }) => void; onError: (err: unknown) => void },
  ) => void;
  isPending: boolean;
}) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const checking = useRef(false);

  useEffect(() => {
    if (!focusTick) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  function set(field: K, value: string) {
    // Typing starts loading the rules, so that a submit seldom waits for them.
    void loadSchema().catch(() => undefined);
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function fail(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    setFocusTick((n) => n + 1);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (isPending || checking.current) return;
    const toCheck: Record<string, string> = { ...values };
    if (typeof toCheck.email === "string") toCheck.email = toCheck.email.trim();
    checking.current = true;
    const checked = await checkWith(loadSchema, toCheck).finally(() => {
      checking.current = false;
    });
    if (!checked.ok) return fail(checked.fieldErrors);
    setErrors({});
    // Optional fields left empty are left out.
    const data = Object.fromEntries(
      Object.entries(checked.data as Record<string, unknown>).filter(([, v]) => v !== "" && v !== undefined),
    ) as T;
    send(data, {
      onSuccess: (res) => {
        toast({ title: res.message });
        setValues(initial);
      },
      onError: (err) => {
        const byField = fieldErrorsOf(err);
        const known = Object.fromEntries(Object.entries(byField).filter(([k]) => k in initial));
        if (Object.keys(known).length > 0) return fail(known);
        toast({ title: "Could not send your message", description: errorMessage(err), variant: "destructive" });
      },
    });
  }

  return { values, errors, set, onSubmit, formRef };
}
