import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";

// The server puts each page's <title> and meta description in its first HTML for crawlers and link
// previews (issue 13, D71); screens set theirs with React 19 <title>/<meta> hoisting (D1), so drop the
// server's to leave exactly one of each in <head>. Canonical, Open Graph and JSON-LD stay.
document.head.querySelectorAll("title, [data-server-head]").forEach((t) => t.remove());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
