/**
 * The retrieval engine on AWS, behind `-c retrievalEngine=opensearch`: an OpenSearch Serverless
 * collection of the vector-search type (BM25 and k-NN in one engine), its encryption and network
 * policies, and a data access policy that names only the roles Cairn gives it (the index job
 * writes, Execute reads). Each of those roles also gets `aoss:APIAccessAll` on this collection
 * alone, which is what lets a signed request through at all.
 */
import { Names, Stack } from 'aws-cdk-lib';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnAccessPolicy, CfnCollection, CfnSecurityPolicy } from 'aws-cdk-lib/aws-opensearchserverless';
import { Construct } from 'constructs';

export interface OpenSearchEngineProps {
  /** Roles that build indexes: they may create indexes and write documents. */
  readonly writers: readonly IRole[];
  /** Roles that search: they may read documents only. */
  readonly readers: readonly IRole[];
}

export class OpenSearchEngine extends Construct {
  readonly collection: CfnCollection;
  /** `https://<id>.<region>.aoss.amazonaws.com`, what the functions are told as CAIRN_OPENSEARCH_ENDPOINT. */
  readonly endpoint: string;

  constructor(scope: Construct, id: string, props: OpenSearchEngineProps) {
    super(scope, id);
    // Collection and policy names: 3-32 lowercase characters, unique in the account and region.
    const name = `cairn-${Names.uniqueResourceName(this, { maxLength: 20 })
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')}`.slice(0, 32);
    const collectionResource = `collection/${name}`;

    const encryption = new CfnSecurityPolicy(this, 'Encryption', {
      name: `${name}-enc`.slice(0, 32),
      type: 'encryption',
      description: 'Cairn: the collection is encrypted with an AWS-owned key',
      policy: JSON.stringify({ Rules: [{ ResourceType: 'collection', Resource: [collectionResource] }], AWSOwnedKey: true }),
    });
    const network = new CfnSecurityPolicy(this, 'Network', {
      name: `${name}-net`.slice(0, 32),
      type: 'network',
      description: 'Cairn: the functions reach the collection over its public endpoint, every request SigV4-signed and checked by the data access policy',
      policy: JSON.stringify([{ Rules: [{ ResourceType: 'collection', Resource: [collectionResource] }], AllowFromPublic: true }]),
    });
    this.collection = new CfnCollection(this, 'Collection', {
      name,
      type: 'VECTORSEARCH',
      description: 'Cairn: corpus indexes (BM25, k-NN vectors, entity-graph links) built by the index job',
      standbyReplicas: 'ENABLED',
    });
    // A collection cannot be created before a policy that encrypts it exists.
    this.collection.addDependency(encryption);
    this.collection.addDependency(network);

    const indexes = [`index/${name}/*`];
    new CfnAccessPolicy(this, 'DataAccess', {
      name: `${name}-data`.slice(0, 32),
      type: 'data',
      description: 'Cairn: the index job writes indexes, Execute reads them',
      // toJsonString: the role ARNs are tokens until deployment.
      policy: Stack.of(this).toJsonString([
        {
          Description: 'index job',
          Principal: props.writers.map((role) => role.roleArn),
          Rules: [
            {
              ResourceType: 'index',
              Resource: indexes,
              Permission: ['aoss:CreateIndex', 'aoss:DescribeIndex', 'aoss:ReadDocument', 'aoss:WriteDocument', 'aoss:UpdateIndex'],
            },
            { ResourceType: 'collection', Resource: [collectionResource], Permission: ['aoss:DescribeCollectionItems'] },
          ],
        },
        {
          Description: 'Execute',
          Principal: props.readers.map((role) => role.roleArn),
          Rules: [{ ResourceType: 'index', Resource: indexes, Permission: ['aoss:DescribeIndex', 'aoss:ReadDocument'] }],
        },
      ]),
    });
    this.endpoint = this.collection.attrCollectionEndpoint;
    for (const role of [...props.writers, ...props.readers]) {
      role.addToPrincipalPolicy(new PolicyStatement({ actions: ['aoss:APIAccessAll'], resources: [this.collection.attrArn] }));
    }
  }
}
