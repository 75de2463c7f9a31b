// The saved module's front door: routes and other modules import from here only.
export {
  changeSaved,
  listSavedItems,
  mergeVisitorSaved,
  parseSavedChange,
  type SavedItem,
  type SavedSize,
  savedProductIds,
} from "./saved.server.ts";
