import type { InfoPages } from "../../types";
import { brandPage } from "./brand";
import { businessPage, comingSoonPage } from "./business";
import { communityPage, complexLayoutPage, unitPlacementPage } from "./complex";
import { locationPage, premiumPage } from "./location";
import { brandVideoPage, emodelPage, videosPage } from "./media";
import { announcementPage, officetelPage, subscriptionPage } from "./sales";
import { floorPlanPage, interiorPage } from "./units";

export const infoPages: InfoPages = {
  brand: brandPage,
  brandVideo: brandVideoPage,
  business: businessPage,
  comingSoon: comingSoonPage,
  announcement: announcementPage,
  subscription: subscriptionPage,
  officetel: officetelPage,
  location: locationPage,
  premium: premiumPage,
  complexLayout: complexLayoutPage,
  unitPlacement: unitPlacementPage,
  community: communityPage,
  floorPlan: floorPlanPage,
  videos: videosPage,
  emodel: emodelPage,
  interior: interiorPage,
};
