import crypto from "node:crypto";

function sha256(data: Buffer | string): Buffer {
  return crypto.createHash("sha256").update(data).digest();
}

/**
 * A passkey held in the test process: an ES256 key pair, signing assertions as an authenticator does
 * (WebAuthn §6.1 authenticator data, §7.2 the signature over it and the client data's hash), so that
 * the sign-in library's own verification runs for real without a browser. Chromium's virtual
 * authenticator does the same in the end-to-end tests; this one can also say it did not check its person.
 */
export class SoftwarePasskey {
  readonly credentialId = crypto.randomBytes(16).toString("base64url");
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;

  constructor(private readonly site: URL) {}

  /** The public key as a COSE_Key (EC2, ES256, P-256), base64: as the passkey plugin keeps it. */
  get publicKey(): string {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const coordinate = (value: string | undefined) => Buffer.from(value ?? "", "base64url");
    // CBOR map of five: 1 (kty): 2 (EC2), 3 (alg): -7 (ES256), -1 (crv): 1 (P-256), -2 (x), -3 (y).
    return Buffer.concat([
      Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
      coordinate(jwk.x),
      Buffer.from([0x22, 0x58, 0x20]),
      coordinate(jwk.y),
    ]).toString("base64");
  }

  /** An assertion of `challenge` for the site, as a browser posts it; `userVerified` false as a key without a PIN. */
  sign(challenge: string, options: { userVerified?: boolean; origin?: string } = {}) {
    this.counter += 1;
    const flags = 0x01 | (options.userVerified === false ? 0 : 0x04);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([sha256(this.site.hostname), Buffer.from([flags]), counter]);
    const clientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge,
        origin: options.origin ?? this.site.origin,
        crossOrigin: false,
      }),
    );
    const signature = crypto.sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientData)]),
      this.keys.privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString("base64url"),
        authenticatorData: authenticatorData.toString("base64url"),
        signature: signature.toString("base64url"),
      },
    };
  }
}
