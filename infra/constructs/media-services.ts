/**
 * The service permissions of media steps run on AWS (`-c media=aws`): Amazon Transcribe jobs named
 * `cairn-*` (the only ones the function starts), and bedrock:InvokeModel, which the Converse API
 * needs, on the one caption model. The S3 side (media under corpus/, transcripts under
 * transcripts/) is granted per prefix by the bucket; Transcribe reads and writes S3 with the
 * caller's permissions, so those grants serve it too.
 */
import { ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { TRANSCRIPTION_JOB_PREFIX } from '../../functions/adapters/aws-media/transcribe-tool.js';

/**
 * A cross-region inference profile id is a model id with a geography in front
 * (`us.anthropic.claude-...`, `eu.amazon.nova-lite-v1:0`): three dotted parts where a model id has two.
 */
export function inferenceProfileModel(id: string): string | undefined {
  const parts = id.split(':')[0]!.split('.');
  return parts.length === 3 ? id.slice(parts[0]!.length + 1) : undefined;
}

export function grantMediaServices(grantee: IGrantable, captionModelId: string): void {
  const stack = Stack.of(grantee.grantPrincipal as unknown as IConstruct);
  const role = grantee.grantPrincipal as unknown as IConstruct;
  const jobs = stack.formatArn({ service: 'transcribe', resource: 'transcription-job', resourceName: `${TRANSCRIPTION_JOB_PREFIX}*` });
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob'], resources: [jobs] }),
  );
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:transcribe:<AWS::Region>:<AWS::AccountId>:transcription-job/${TRANSCRIPTION_JOB_PREFIX}*]`,
    reason: `Transcription job names are derived from each media file at run time; the grant covers the jobs named ${TRANSCRIPTION_JOB_PREFIX}* only.`,
  });

  const foundationModel = (region: string | undefined, modelId: string) =>
    stack.formatArn({
      service: 'bedrock',
      ...(region !== undefined ? { region } : {}),
      account: '',
      resource: 'foundation-model',
      resourceName: modelId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  const profiled = inferenceProfileModel(captionModelId);
  if (profiled === undefined) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [foundationModel(undefined, captionModelId)] }),
    );
    return;
  }
  // An inference profile routes each call to the model in one of its geography's regions: the
  // profile itself, and the model in any region.
  const profile = stack.formatArn({
    service: 'bedrock',
    resource: 'inference-profile',
    resourceName: captionModelId,
    arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
  });
  grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [profile, foundationModel('*', profiled)] }));
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${profiled}]`,
    reason: `The inference profile ${captionModelId} sends each call to ${profiled} in whichever region of its geography has capacity; the grant names that one model.`,
  });
}
