import * as z from "zod";

/** Base64url text as WebAuthn's JSON forms carry binary values; bounded, so a post cannot be huge. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

const credential = {
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

/** A browser's answer to "make a passkey" (WebAuthn's RegistrationResponseJSON), as posted. */
const registrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** A browser's answer to "sign with a passkey" (WebAuthn's AuthenticationResponseJSON), as posted. */
const authenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

function parsed<T>(schema: z.ZodType<T>, posted: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(posted));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The posted text as a registration answer, or null when it is not one: the library checks the rest. */
export function registrationResponseOf(posted: string): RegistrationResponse | null {
  return parsed(registrationResponseSchema, posted);
}

/** The posted text as an authentication answer, or null when it is not one. */
export function authenticationResponseOf(posted: string): AuthenticationResponse | null {
  return parsed(authenticationResponseSchema, posted);
}
