// @rozi/keymap: rozi's keys in one place — the built-in table, the chord grammar, the resolver
// ([keys] > built-ins > extension suggestions) and the chord state machine. Pure (no I/O, no
// DOM); the server and the browser import it by value.
export { DEFAULT_KEYMAP, DEFAULT_PREFIX } from './defaultKeymap';
export {
  chordOfEvent,
  displayChord,
  displaySequence,
  expandPrefix,
  normalizeChord,
  normalizeSequence,
  parseSequence,
  sequencesOverlap,
  type KeyLike,
} from './chord';
export {
  bindingsOf,
  resolveKeymap,
  type KeySuggestion,
  type KeymapInput,
  type KeymapResult,
  type ResolvedBinding,
  type ResolvedSuggestion,
  type SuggestionState,
} from './resolveKeymap';
export { ChordMatcher, type MatchResult, type SequenceBinding } from './chordMatcher';
export { BROWSER_RESERVED, browserReservedChord, type ReservedChord } from './browserReserved';
export { freeBindingNear } from './freeBinding';
export { heldModifierOf, mirrorOf, schemeBinding, type HeldModifier } from './modifierScheme';
