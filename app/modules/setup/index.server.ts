// The setup module's front door: starting for real (docs/deploy.md). The first-run setup link and page, the
// shop's name it saves, and the readiness /readyz reports.
export { migrationState, type Readiness, readiness } from "./readiness.server.ts";
export {
  completeSetup,
  isSetupTokenUsable,
  isShopSetUp,
  issueSetupLink,
  SETUP_LINK_MS,
  type SetupLink,
} from "./setup-link.server.ts";
export { savedShopName, saveShopName } from "./shop-name.server.ts";
