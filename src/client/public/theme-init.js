/* Arcadium: apply the saved theme before the first paint (no flash). Mirrors src/client/lib/theme.ts. */
(function () {
  var dark = false;
  try {
    var t = window.localStorage.getItem("arcadium-theme");
    dark = t === "dark" || (t === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  } catch (e) {
    /* storage unavailable: light theme */
  }
  var root = document.documentElement;
  if (dark) root.classList.add("dark");
  else root.classList.remove("dark");
  root.style.colorScheme = dark ? "dark" : "light";
})();
