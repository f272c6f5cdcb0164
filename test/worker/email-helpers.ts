import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/worker/index";

/**
 * The platform's ForwardableEmailMessage, built as Email Routing delivers it: envelope from/to, the raw RFC 822
 * stream, and setReject recorded. Everything behind it (parsing, services, D1) is the real code.
 */
export function inbound(from: string, to: string, raw: string | Uint8Array) {
  const bytes = typeof raw === "string" ? new TextEncoder().encode(raw) : raw;
  const rejections: string[] = [];
  const message = {
    from,
    to,
    headers: new Headers(),
    rawSize: bytes.byteLength,
    raw: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
    setReject: (reason: string) => rejections.push(reason),
    forward: async () => ({ messageId: "unused" }),
    reply: async () => ({ messageId: "unused" }),
  } as unknown as ForwardableEmailMessage;
  return { message, rejections };
}

/** Delivers one mail to the Worker's email handler; answers the rejections (empty: accepted). */
export async function deliver(from: string, to: string, raw: string | Uint8Array) {
  const { message, rejections } = inbound(from, to, raw);
  const ctx = createExecutionContext();
  await worker.email(message, env, ctx);
  await waitOnExecutionContext(ctx);
  return rejections;
}
