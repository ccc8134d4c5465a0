import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The URLs are an external contract (printed flyers, search results, the old site's links),
// so they are listed here by hand, PascalCase and all, each mapped to a kebab-case module.
export default [
  route("healthz", "routes/healthcheck.ts"),
  route("robots.txt", "routes/seo/robots[.]txt.ts"),
  route("sitemap.xml", "routes/seo/sitemap[.]xml.ts"),
  route("Promotion/Press", "routes/site/press-redirect.ts"),
  route(":site/press/rss.xml", "routes/seo/press-rss[.]xml.ts"),
  // A booking's calendar entry (.ics), from its personal page: the same key, the same privacy.
  route(":site/visit/:token/calendar.ics", "routes/site/visit-calendar[.]ics.ts"),
  // Lead forms posted in place by scripts (JSON answers); the pages below take plain posts.
  route("actions/interest", "routes/actions/interest.ts"),
  route("actions/visit", "routes/actions/visit.ts"),
  route("actions/inquiry", "routes/actions/inquiry.ts"),
  route("actions/token", "routes/actions/token.ts"),
  // Taps on tel: links, counted per channel and page (a beacon: no cookie, no personal data).
  route("actions/call", "routes/actions/call.ts"),
  // The text provider's delivery reports, authenticated by their own secret (no console session).
  route("hooks/solapi/:key?", "routes/hooks/solapi.ts"),
  // What the office uploaded (popup images, documents), served from the database; and the popups showing now.
  route("uploads/:file", "routes/files/upload.ts"),
  route("popups.json", "routes/site/popups[.]json.ts"),
  // The sales office's console: outside the public frame, every page behind the admin layout's guard.
  ...prefix("admin", [
    // One parent around every console URL: its middleware is the console's only gate (routes/admin/guard.server.ts).
    layout("routes/admin/console.tsx", [
      // Signing in: the password, then a code (or enrolling a second factor); an invitation sets the password first.
      route("login", "routes/admin/sign-in/login.tsx"),
      route("login/code", "routes/admin/sign-in/login-code.tsx"),
      route("enrol", "routes/admin/sign-in/enrol.tsx"),
      route("invite/:token", "routes/admin/sign-in/invite.tsx"),
      route("logout", "routes/admin/sign-in/logout.ts"),
      // The site switcher: a one-time key carries the signed-in administrator to another site's host.
      route("switch-site", "routes/admin/sign-in/switch-site.ts"),
      route("handoff", "routes/admin/sign-in/handoff.tsx"),
      route("leads/export.csv", "routes/admin/leads/leads-export[.]csv.ts"),
      route("leads/export.xlsx", "routes/admin/leads/leads-export[.]xlsx.ts"),
      route("performance.csv", "routes/admin/reports/performance[.]csv.ts"),
      route("performance.xlsx", "routes/admin/reports/performance[.]xlsx.ts"),
      // Live alerts: a server-sent event stream of new leads and assignments, outside the layout (no page around it).
      route("events", "routes/admin/events.ts"),
      // The desk's kiosk: walk-ins register themselves; no console behind it (decision 029).
      route("door/kiosk", "routes/admin/door-kiosk.tsx"),
      layout("routes/admin/layout.tsx", [
        index("routes/admin/reports/dashboard.tsx"),
        route("today", "routes/admin/today.tsx"),
        route("leads", "routes/admin/leads/leads.tsx"),
        route("leads/export", "routes/admin/leads/leads-export.tsx"),
        route("leads/import", "routes/admin/leads/leads-import.tsx"),
        route("leads/new", "routes/admin/leads/lead-new.tsx"),
        route("leads/bin", "routes/admin/leads/leads-bin.tsx"),
        route("leads/:id", "routes/admin/leads/lead.tsx"),
        route("leads/:id/delete", "routes/admin/leads/lead-delete.tsx"),
        route("customers/:id", "routes/admin/leads/customer.tsx"),
        route("conversion", "routes/admin/reports/conversion.tsx"),
        route("performance", "routes/admin/reports/performance.tsx"),
        // Channels: each one's phone number and alert recipients, its spend per month and the spend import.
        route("channels", "routes/admin/channels.tsx"),
        route("channels/spend-import", "routes/admin/channels-import.tsx"),
        route("leads/:id/text", "routes/admin/leads/lead-text.tsx"),
        route("notifications", "routes/admin/notifications.tsx"),
        // Marketing consent: the 080 service's opt-out list, read, previewed and applied.
        route("consent", "routes/admin/consent.tsx"),
        route("visits", "routes/admin/visits/visits.tsx"),
        // 입장 확인: the entry QR or a search checks a booking in; walk-ins registered at the desk.
        route("door", "routes/admin/door.tsx"),
        route("staff", "routes/admin/staff.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        route("account", "routes/admin/account.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        // Press articles: written, previewed, scheduled and published here; read on /{site}/press.
        route("press", "routes/admin/press/press.tsx"),
        route("press/new", "routes/admin/press/press-new.tsx"),
        route("press/:id", "routes/admin/press/press-edit.tsx"),
        route("press/:id/delete", "routes/admin/press/press-delete.tsx"),
        // What the public pages say, overriding the content pack: contacts, footer, ad and analytics tags.
        route("site-settings", "routes/admin/site-settings.tsx"),
        // Kakao 알림톡 templates: which texts may go as 알림톡 (app/.server/sms/templates.ts).
        route("templates", "routes/admin/templates.tsx"),
        // Campaign texts: advertising to everyone with a live marketing consent, paced through the outbox.
        route("campaigns", "routes/admin/campaigns/campaigns.tsx"),
        route("campaigns/:id", "routes/admin/campaigns/campaign.tsx"),
        // The subscription schedule (분양 일정): listed on /BusinessGuide/plan, counted down to on the home page.
        route("schedule", "routes/admin/schedule/schedule.tsx"),
        route("schedule/:id", "routes/admin/schedule/schedule-edit.tsx"),
        route("schedule/:id/delete", "routes/admin/schedule/schedule-delete.tsx"),
        // The 분양가 table, 납부 일정 and 중도금 loan terms: saved, published on /SalesInfo/price, withdrawn.
        route("prices", "routes/admin/prices.tsx"),
        // Notice popups on the public pages, and the documents (announcement, contract) they serve.
        route("popups", "routes/admin/popups/popups.tsx"),
        route("popups/new", "routes/admin/popups/popup-new.tsx"),
        route("popups/:id", "routes/admin/popups/popup-edit.tsx"),
        route("documents", "routes/admin/popups/documents.tsx"),
        // The unit inventory (동호수): the board, its 배치표 import and the public remaining-units settings.
        route("units", "routes/admin/units/units.tsx"),
        route("units/import", "routes/admin/units/units-import.tsx"),
        route("units/settings", "routes/admin/units/units-settings.tsx"),
        // Any other console address: a 404 inside the console, not the public site's page.
        route("*", "routes/admin/not-found.tsx"),
      ]),
    ]),
  ]),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route(":site/press", "routes/site/press-list.tsx"),
    route(":site/press/:id", "routes/site/press-detail.tsx"),
    route("Promotion/Customer", "routes/site/inquiry.tsx"),
    route(":site/customer", "routes/site/customer.tsx"),
    // A booking's personal link from its text messages: shows the booking and cancels it.
    route(":site/visit/:token", "routes/site/visit-cancel.tsx"),
    // A full time's waitlist: joined here, and each entry's own page from its texts (its place, the offer, the claim).
    route(":site/waitlist", "routes/site/waitlist.tsx"),
    route(":site/waitlist/:token", "routes/site/waitlist-entry.tsx"),
    // The personal opt-out link of a text: stops advertising texts to that one number.
    route(":site/optout/:token", "routes/site/opt-out.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    // Informational pages, under the banner and sub-menu of each (decision 044). Paths match
    // regardless of case, so other spellings (/SalesInfo/StampTax) reach these modules and their
    // loaders redirect them to the canonical URL (decision 005).
    layout("routes/site/page-heading.tsx", [
      route("Brand/intro", "routes/site/brand-intro.tsx"),
      route("Brand/video", "routes/site/brand-video.tsx"),
      route("BusinessGuide/intro", "routes/site/business-intro.tsx"),
      route("BusinessGuide/plan", "routes/site/business-plan.tsx"),
      route("BusinessGuide/documents", "routes/site/business-documents.tsx"),
      route("SalesInfo/announcement", "routes/site/sales-announcement.tsx"),
      route("SalesInfo/SubscriptionGuide", "routes/site/sales-subscription.tsx"),
      route("SalesInfo/guide", "routes/site/sales-subscription-alias.ts"),
      route("SalesInfo/stampTax", "routes/site/sales-stamp-tax.tsx"),
      route("SalesInfo/price", "routes/site/sales-price.tsx"),
      // 잔여세대: the units left per type and 동, from the console's board, when the office turns it on.
      route("SalesInfo/units", "routes/site/sales-units.tsx"),
      route("LocationEnvironment/intro", "routes/site/location-intro.tsx"),
      route("LocationEnvironment/primium", "routes/site/location-premium.tsx"),
      route("ComplexGuide/intro", "routes/site/complex-intro.tsx"),
      route("ComplexGuide/detailintro", "routes/site/complex-detail.tsx"),
      route("ComplexGuide/community", "routes/site/complex-community.tsx"),
      route("FloorPlan/videos", "routes/site/floor-plan-videos.tsx"),
      route("FloorPlan/Emodel", "routes/site/floor-plan-emodel.tsx"),
      route("FloorPlan/:type", "routes/site/floor-plan.tsx"),
      route("Interior/:type", "routes/site/interior.tsx"),
    ]),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
