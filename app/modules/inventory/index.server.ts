// The inventory module's front door: routes and other modules import from here only.
export { type DemoRemoval, demoProductsOnSale, removeDemoProducts } from "./demo.server.ts";
export {
  deleteProductImages,
  findUploadedFile,
  storedImageSize,
  storeProductImage,
  uploadedFilePath,
} from "./images.server.ts";
export {
  addProduct,
  getProductForSeller,
  type ImageUpload,
  listSellerProducts,
  MAX_NAMED_PRODUCTS,
  productIdsNamed,
  productNameOf,
  productNamesOf,
  readProductUpload,
  removeFromSale,
  restoreToSale,
  sellerProductPage,
  setInStock,
  updateProduct,
} from "./product-writes.server.ts";
export {
  type CountChange,
  changeCounts,
  refuseShortStock,
  retakeOrderStock,
  returnLineUnits,
  returnOrderStock,
  sizeLineOf,
  stockKey,
  stockLinesIn,
  stockLinesOf,
  takeStock,
} from "./stock.server.ts";
