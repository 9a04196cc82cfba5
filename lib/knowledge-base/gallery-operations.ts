import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import {
  ZGallery,
  ZGalleryFileParams,
  ZGalleryImage,
  ZGalleryImageParams,
  ZGalleryImagePatch,
  ZGalleryImagesInput,
  ZGalleryImagesOrder,
  ZGalleryInput,
  ZGalleryPatch,
  ZSignedQuery,
} from "./gallery-schemas";

const tag = "Galleries";
const base = "/api/v1/accounts/{account_id}/galleries";
const writers = "knowledge-base managers and planners";

export const listGalleriesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's galleries (a space's photos), with their images in order",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: z.object({ payload: z.array(ZGallery) }),
});

export const createGalleryOp = defineOperation({
  method: "POST",
  path: base,
  summary: `Create a gallery (${writers})`,
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZGalleryInput,
  bodyKey: "gallery",
  response: ZGallery,
  errors: [403],
});

export const showGalleryOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "A gallery with its images in order",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZGallery,
  errors: [404],
});

export const updateGalleryOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: `Rename a gallery or change its description (${writers})`,
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZGalleryPatch,
  bodyKey: "gallery",
  response: ZGallery,
  errors: [403, 404],
});

export const deleteGalleryOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: `Delete a gallery and its images; spaces showing it show none (${writers})`,
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});

export const addGalleryImagesOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/images`,
  summary: `Upload images (multipart \`attachments[]\`, PNG, JPEG, GIF, WebP or AVIF) after the gallery's last, with an optional caption (${writers})`,
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZGalleryImagesInput,
  multipart: true,
  response: z.object({ payload: z.array(ZGalleryImage) }),
  errors: [403, 404],
});

export const reorderGalleryImagesOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/images/reorder`,
  summary: `Put the gallery's images in the order given: every image id once (${writers})`,
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZGalleryImagesOrder,
  response: z.object({ payload: z.array(ZGalleryImage) }),
  errors: [403, 404],
});

export const updateGalleryImageOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}/images/{image_id}`,
  summary: `Change an image's caption or position (${writers})`,
  tag,
  callers: ["user"],
  params: ZGalleryImageParams,
  body: ZGalleryImagePatch,
  bodyKey: "image",
  response: ZGalleryImage,
  errors: [403, 404],
});

export const deleteGalleryImageOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}/images/{image_id}`,
  summary: `Remove an image from its gallery (${writers})`,
  tag,
  callers: ["user"],
  params: ZGalleryImageParams,
  errors: [403, 404],
});

export const downloadGalleryImageOp = defineOperation({
  method: "GET",
  path: "/uploads/gallery-image/{image_id}",
  summary: "A gallery image's file, through the signed link in its `file_url` (valid 24 hours; no token)",
  tag,
  callers: [],
  params: ZGalleryFileParams,
  query: ZSignedQuery,
  errors: [403, 404],
});
