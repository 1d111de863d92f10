import { UPLOAD_TEXTS } from "@/lib/inbox/upload-failure";
// The bulk offer screens' texts: PRODUCT §5 (validation), §8 (errors) and the few the brief adds.

export const OFFER_TEXTS = {
  pageAndTypeRequired: "Please select a page and offer type",
  messageRequired: "Please enter a message",
  imageRequired: "Please select an image",
  invalidImage: "Please select a valid image file",
  scheduleFailed: "Failed to schedule offer, please try again",
  uploadFailed: UPLOAD_TEXTS.failed,
  scheduled: "Offer scheduled",
  loadFailed: "Failed to load scheduled offers",
  noOffers: "No offers scheduled yet",
  noOffersInRange: "No offers in this date range",
} as const;
