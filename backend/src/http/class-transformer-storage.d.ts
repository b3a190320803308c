// class-transformer ships the types of its metadata storage apart from the module itself.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
