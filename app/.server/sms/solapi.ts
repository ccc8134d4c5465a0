import type { SolapiMessageService } from "solapi";
import { SmsDeliveryError, truncate, type SmsProvider } from "./message.ts";

/**
 * SOLAPI (the official `solapi` SDK). A site's sender number (its pack's, else SMS_SENDER) must be registered with SOLAPI;
 * long texts go out as LMS automatically. Loaded only when chosen.
 */
export function solapiProvider({ apiKey, apiSecret, sender }: { apiKey: string; apiSecret: string; sender: string }): SmsProvider {
  let service: Promise<SolapiMessageService> | undefined;
  return {
    name: "solapi",
    async send(message) {
      service ??= import("solapi").then(({ SolapiMessageService }) => new SolapiMessageService(apiKey, apiSecret));
      try {
        const answer = await (
          await service
        ).send({ to: message.to, from: message.from ?? sender, text: message.text, autoTypeDetect: true });
        const failed = answer.failedMessageList[0];
        if (failed) {
          throw new SmsDeliveryError(`solapi refused the message: ${failed.statusMessage}`, {
            retryable: false,
            response: truncate(JSON.stringify(failed)),
          });
        }
        return { messageId: answer.groupInfo.groupId, response: truncate(JSON.stringify(answer.groupInfo.count)) };
      } catch (error) {
        if (error instanceof SmsDeliveryError) throw error;
        throw new SmsDeliveryError(`solapi: ${errorText(error)}`, { retryable: isRetryable(error), response: truncate(errorText(error)) });
      }
    },
  };
}

/** Network trouble and SOLAPI's own 5xx are worth another try; a refused request is not. */
function isRetryable(error: unknown): boolean {
  if (!error || typeof error !== "object" || !("_tag" in error)) return true;
  switch (error._tag) {
    case "NetworkError":
      return "isRetryable" in error ? error.isRetryable !== false : true;
    case "ServerError":
      return true;
    default:
      return false;
  }
}

function errorText(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
