/** The CSRF token Django sets in the `csrftoken` cookie. */
export function readCsrfToken(cookie: string = document.cookie): string {
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === "csrftoken") return decodeURIComponent(rest.join("="));
  }
  return "";
}
