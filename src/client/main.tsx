import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";

// index.html carries a static <title> for the first paint; screens set theirs with React 19
// <title> hoisting (D1), so drop the static one to leave exactly one <title> in <head>.
document.head.querySelectorAll("title").forEach((t) => t.remove());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
