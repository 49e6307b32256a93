/** `cdk synth` / `cdk deploy` run this (cdk.json). Settings come from context: see settings.ts. */
import { App } from 'aws-cdk-lib';
import { buildCairnApp } from './cairn-app.js';

const app = new App();
buildCairnApp(app);
app.synth();
