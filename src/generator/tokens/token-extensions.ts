import { encodeAddress } from '../../math/address.js';
import type { Random } from '../random.js';

type ExtensionState = Record<string, string | number | boolean | null>;

/**
 * The state of each Token-2022 extension a mint may carry, kept small: the authorities and the one or
 * two figures that matter to a client (a transfer fee, an interest rate). Addresses are drawn.
 */
const STATES: Record<string, (mint: string, address: () => string, random: Random) => ExtensionState> = {
  transferFeeConfig: (_mint, address, random) => ({
    transferFeeConfigAuthority: address(),
    transferFeeBasisPoints: random.chance(0.7) ? 0 : random.int(1, 100),
  }),
  mintCloseAuthority: (_mint, address) => ({ closeAuthority: address() }),
  permanentDelegate: (_mint, address) => ({ delegate: address() }),
  interestBearingConfig: (_mint, address, random) => ({ rateAuthority: address(), currentRate: random.int(0, 800) }),
  transferHook: (_mint, address) => ({ authority: address(), programId: address() }),
  metadataPointer: (mint, address) => ({ authority: address(), metadataAddress: mint }),
  tokenMetadata: (mint, address) => ({ updateAuthority: address(), mint }),
  groupMemberPointer: (mint, address) => ({ authority: address(), memberAddress: mint }),
  confidentialTransferMint: () => ({ authority: null, autoApproveNewAccounts: false }),
  confidentialTransferFeeConfig: () => ({ authority: null }),
};

/**
 * A mint's `extensions` object as JSON text: one key per extension tag, in the tags' order, each with
 * its state (`{}` for a tag without a known state); `{}` for a classic mint, which has no tags.
 * @example extensionsJson('metadataPointer', mint, random)
 * // '{"metadataPointer":{"authority":"…","metadataAddress":"<mint>"}}'
 */
export function extensionsJson(tags: string, mint: string, random: Random): string {
  const address = (): string => encodeAddress(random.bytes(32));
  const names = tags === '' ? [] : tags.split(',');
  return JSON.stringify(
    Object.fromEntries(
      names.map((name) => [name, Object.hasOwn(STATES, name) ? STATES[name]!(mint, address, random) : {}]),
    ),
  );
}
