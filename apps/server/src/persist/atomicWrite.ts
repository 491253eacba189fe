// The server's entry to the codebase's one atomic write (write all, fsync, rename, fsync the
// directory, mode kept, old file intact on failure). The routine lives in @rozi/extensions/node
// because the extension registry writes through it too and that package cannot import the server.
export { AtomicWriteError, writeFileAtomic, type AtomicWriteOptions } from '@rozi/extensions/node';
