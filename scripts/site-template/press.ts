import type { DemoPressArticle } from "#app/content/types.ts";

// A real development starts with no articles; the administrator publishes them at /{site}/press.
export const demoPress: DemoPressArticle[] = [];
