/** "Lan Nguyen" → ["Lan", "Nguyen"]: the first word, then the rest (how the forms that ask
 * for a first and a last name prefill them from the signed-in user's name). */
export function splitName(name: string): [string, string] {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(" ")];
}
