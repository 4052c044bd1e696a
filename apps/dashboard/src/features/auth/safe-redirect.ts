/** Only same-origin paths may be a post-login target ("//evil.example" is another origin). */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  if (target.startsWith("/login") || target.startsWith("/logout")) return fallback;
  return target;
}
