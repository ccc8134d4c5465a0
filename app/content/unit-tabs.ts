import type { InteriorSet, SubMenuItem, UnitType } from "./types";

/**
 * A pack's unit types are one list (`units`): the menu's floor-plan group, the tabs on every
 * type's page, the home page's unit plan and the sitemap all read it, so a type can never be
 * missing from one of them. Tabs are labelled with the key as the type is written (84OA).
 */
export function floorPlanTabs(units: readonly Pick<UnitType, "key">[]): SubMenuItem[] {
  return units.map((unit) => ({ subTitle: unit.key, subUrl: `/FloorPlan/${unit.key}` }));
}

/** The interior sets as tabs, in the same spelling as the floor plans. */
export function interiorTabs(sets: readonly Pick<InteriorSet, "key">[]): SubMenuItem[] {
  return sets.map((set) => ({ subTitle: set.key, subUrl: `/Interior/${set.key}` }));
}
