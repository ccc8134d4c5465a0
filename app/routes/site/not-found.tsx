import { data } from "react-router";

// Any path no other route claims. Throwing keeps the 404 status and shows the error screen.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
