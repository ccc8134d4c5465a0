import { deferUntilNear } from "./defer-until-near.tsx";
import { FormsStylesheet } from "./stylesheets.tsx";
import type { VisitFormProps } from "./visit-form.tsx";

const DeferredPart = deferUntilNear<VisitFormProps>(() => import("./visit-form.tsx").then((module) => module.VisitForm));

/**
 * The visit form below the first screen (home #interestForm, /{site}/customer on a phone): its
 * code and the lead form's arrive when it comes near the screen; until then it posts without scripts.
 */
export function DeferredVisitForm(props: VisitFormProps) {
  return (
    <>
      {/* Ahead of the part: see deferUntilNear on stylesheets. */}
      <FormsStylesheet />
      <DeferredPart {...props} />
    </>
  );
}
