import crypto from "node:crypto";

// A passkey for tests: a software WebAuthn authenticator that answers the options the shop's
// server gives (better-auth's passkey plugin, SimpleWebAuthn) as a browser and its authenticator
// would: a new P-256 key with "none" attestation, then assertions signed with it. WebAuthn Level 2:
// authenticator data, COSE key and attestation object in CBOR (the few types they use, below).

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

/** User present, user verified, backup eligible and backed up: a synced passkey (a passkey manager's). */
const FLAGS = 0x01 | 0x04 | 0x08 | 0x10;
const ATTESTED_CREDENTIAL = 0x40;

export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
}

/** One passkey of one authenticator, for the shop at `origin`. */
export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = crypto.randomBytes(16);
  let signCount = 0;
  let userHandle = "";

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(++signCount);
    return bytes;
  };

  return {
    credentialId: b64url(credentialId),
    /** The browser's answer to navigator.credentials.create() with `options` (RegistrationResponseJSON). */
    register(options: RegistrationOptions) {
      if ((options.rp.id ?? rpId) !== rpId) throw new Error(`This passkey is for ${rpId}, not ${options.rp.id}`);
      userHandle = options.user.id;
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAGS | ATTESTED_CREDENTIAL]),
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        length,
        credentialId,
        cbor(coseKey),
      ]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(cbor({ fmt: "none", attStmt: {}, authData })),
          transports: ["internal", "hybrid"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform" as const,
      };
    },
    /** The browser's answer to navigator.credentials.get() with `options` (AuthenticationResponseJSON). */
    authenticate(options: AuthenticationOptions, { challenge = options.challenge } = {}) {
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS]), counterBytes()]);
      const clientDataJSON = clientData("webauthn.get", challenge);
      const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform" as const,
      };
    },
  };
}
