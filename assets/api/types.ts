import type { CamelCased } from "./camelCase";
import type { components } from "./schema.gen";

/**
 * A schema of the API's OpenAPI document as the client holds it (camelCase keys). The document
 * is the source of the API's types: `make types` writes schema.gen.ts from it.
 */
export type ApiSchema<Name extends keyof components["schemas"]> = CamelCased<components["schemas"][Name]>;
