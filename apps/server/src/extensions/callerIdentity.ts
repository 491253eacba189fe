// Who an extension request comes from: the extension and the generation token its process was
// started with (ROZI_EXTENSION, ROZI_EXTENSION_GENERATION). A retired generation is refused.
export interface CallerIdentity {
  extension: string;
  generation: string;
}
