/** The parts of http_ece (RFC 8188 encrypted content, with the key derivation of RFC 8291) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair: the sender's public key comes in the aes128gcm header (keyid). */
    privateKey?: ECDH;
    /** base64url, or the bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: Buffer) => Buffer): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
