import type { Request, Response } from "express";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { UPLOAD_ERRORS } from "#app/domain/admin-messages";
import {
  fileUrl,
  NotAnImageError,
  StorageFailedError,
  UploadInterruptedError,
  UploadTooLargeError,
} from "#app/server/files/files.server";
import { RETRY_AFTER_SECONDS } from "#app/server/platform/unavailable.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { refuseRequest, requestHeaders } from "./request";

/**
 * Stages one upload: the raw file bytes are the request body, `?name=` carries the file's name and
 * `?kind=image` asks for an image. Only a signed-in admin may upload.
 */
export function stageUpload({ auth, files, logger }: Pick<Runtime, "auth" | "files" | "logger">) {
  return async (req: Request, res: Response): Promise<void> => {
    const refuse = (status: number, code: keyof typeof UPLOAD_ERRORS) =>
      refuseRequest(
        req,
        res,
        status,
        JSON.stringify({ error: UPLOAD_ERRORS[code], code }),
        "application/json; charset=utf-8",
      );
    const user = await auth.getUser(requestHeaders(req));
    if (!user) return refuse(401, "unauthenticated");
    const declared = req.get("content-length");
    if (declared !== undefined && Number(declared) > MAX_UPLOAD_BYTES) return refuse(413, "tooLarge");
    const name = typeof req.query.name === "string" ? req.query.name : "";
    if (!name.trim()) return refuse(400, "noName");
    try {
      const file = await files.stage({
        // Stopping early (too large) must leave the request open, so the refusal can still be sent.
        body: { [Symbol.asyncIterator]: () => req.iterator({ destroyOnReturn: false }) },
        originalName: name,
        uploadedBy: user.id,
        requireImage: req.query.kind === "image",
      });
      res.status(201).json({
        id: file.id,
        name: file.originalName,
        size: file.size,
        contentType: file.contentType,
        url: fileUrl(file),
      });
    } catch (error) {
      if (error instanceof UploadTooLargeError) return refuse(413, "tooLarge");
      if (error instanceof NotAnImageError) return refuse(415, "notAnImage");
      // The request reads as destroyed once its whole body was read: only the connection tells
      // whether the client is still there to be answered.
      if (error instanceof UploadInterruptedError || req.socket.destroyed) {
        logger.info({ fileName: name }, "upload abandoned by the client");
        return;
      }
      if (error instanceof StorageFailedError) {
        logger.error({ err: error.cause, fileName: name }, "storing an upload failed");
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        return refuse(503, "storageFailed");
      }
      throw error;
    }
  };
}
