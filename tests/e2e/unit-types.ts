/** The demo pack's unit types as a person reads them, in the pack's order (app/content/sites/daegu/units.ts). */
export const DAEGU_UNIT_TYPES = ["59A", "59B", "84A", "84B", "84C", "84OA", "114A", "114B"];

/** The interiors the demo pack shows (/Interior/{key}). */
export const DAEGU_INTERIORS = ["59A", "84A", "84B"];
