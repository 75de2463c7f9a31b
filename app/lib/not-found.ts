// The one way a loader says "there is nothing here": `throw notFound("Product not found")`. The root's error
// boundary renders the message on the store's 404 page, with the status a search engine needs.
import { data } from "react-router";

export function notFound(message = "Page not found") {
  return data({ message }, { status: 404 });
}
