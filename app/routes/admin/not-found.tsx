import { data } from "react-router";

// A console address no other route claims (/admin/…): for a signed-in person, the console's own 404
// inside its frame, drawn by the layout's error boundary; the middleware has sent everyone else to sign in.
export function loader() {
  throw data("없는 화면입니다. 주소를 확인하거나 메뉴에서 찾아 주세요.", { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}
