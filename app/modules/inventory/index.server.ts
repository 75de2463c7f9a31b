// The inventory module's front door: routes and other modules import from here only.
export { type DemoRemoval, demoProductsOnSale, removeDemoProducts } from "./demo.server.ts";
export {
  deleteProductImages,
  findUploadedFile,
  storedImageSize,
  storeProductImage,
  uploadedFilePath,
} from "./images.server.ts";
export { MAX_NAMED_PRODUCTS, productIdsNamed, productNameOf, productNamesOf } from "./product-names.server.ts";
export { type ImageUpload, readProductUpload } from "./product-upload.server.ts";
export { addProduct, removeFromSale, restoreToSale, setInStock, updateProduct } from "./product-writes.server.ts";
export { getProductForSeller, listSellerProducts, sellerProductPage } from "./seller-product-list.server.ts";
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
