// The OpenSearch package ships no types for its shared signer module (lib/aws/shared.js); this
// declares the one function Cairn uses, with the types of the signer it makes (lib/aws/index.d.ts).
declare module '@opensearch-project/opensearch/lib/aws/shared.js' {
  import type { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';

  /** The SigV4 signer, using `defaultCredentials` when a caller passes no `getCredentials`. */
  export function giveAwsV4Signer(
    defaultCredentials: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>,
  ): typeof AwsSigv4Signer;
}
