type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export function toCamel(key: string): string {
  return key.replace(/[_-]+([a-zA-Z0-9])/g, (_match, next: string) => next.toUpperCase());
}

export function toSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_").toLowerCase();
}

function mapKeysDeep(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, rename));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [rename(key), mapKeysDeep(item, rename)]),
  );
}

/** Server JSON (snake_case) to the client's camelCase, through arrays and nested objects. */
export function camelizeDeep(value: unknown): unknown {
  return mapKeysDeep(value, toCamel);
}

/** Client objects to the server's snake_case, through arrays and nested objects. */
export function snakifyDeep(value: unknown): unknown {
  return mapKeysDeep(value, toSnake);
}

/** A wire key as toCamel renames it ("plan_usage" → "planUsage"). */
export type CamelKey<Key extends string> = Key extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : Key extends `${infer Head}-${infer Tail}`
    ? `${Head}${Capitalize<CamelKey<Tail>>}`
    : Key;

/** A wire type as camelizeDeep returns it: every key renamed, through arrays and nested objects. */
export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? CamelKey<Key> : Key]: CamelCased<T[Key]> }
    : T;
