/**
 * skaffold.yaml against the chart: every image it builds has a workload of the same name and is set in every
 * release, the dev profile's loop (sync, tsx watch, port-forward) is wired, and its deploy hook writes a signing
 * pair the services accept.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allContainers, find, podSpecOf } from './support/chart';
import { chartFixture, DEPLOYABLES, deploymentOf, DEV, mainContainer, RELEASE, REPO, skaffold, type Deployable } from './support/chart-fixture';

const chart = chartFixture();

test('skaffold: every image has a chart workload and is set in every release; the dev loop is wired', () => {
  const artifacts = skaffold.build.artifacts as Array<{
    image: string;
    docker: { dockerfile: string; buildArgs: { WORKSPACE: string } };
    sync?: { manual: Array<{ src: string; dest: string }> };
  }>;
  expect(artifacts.map((artifact) => artifact.image).sort()).toEqual(DEPLOYABLES.map((name) => `vnmarket/${name}`).sort());
  const releases = [
    { where: 'deploy', release: skaffold.deploy.helm.releases },
    ...skaffold.profiles
      .filter((profile: any) => profile.deploy)
      .map((profile: any) => ({ where: `profile ${profile.name}`, release: profile.deploy.helm.releases })),
  ];
  expect(skaffold.profiles.map((profile: any) => profile.name).sort()).toEqual(['dev', 'production']);
  for (const { where, release } of releases) {
    expect([where, release.length]).toEqual([where, 1]);
    const [helmRelease] = release;
    expect([where, helmRelease.name, helmRelease.chartPath]).toEqual([where, RELEASE, 'charts/marketplace']);
    for (const file of helmRelease.valuesFiles ?? []) expect([where, file, existsSync(path.join(REPO, file))]).toEqual([where, file, true]);
    for (const file of Object.values(helmRelease.setFiles ?? {}) as string[])
      expect([where, file]).toEqual([where, expect.stringMatching(/^var\/keys\/jwt-(public|private)\.pem$/)]);
    const expected = Object.fromEntries(
      artifacts.map((artifact) => [`${artifact.image.split('/')[1]}.image`, `{{.IMAGE_FULLY_QUALIFIED_${artifact.image.replace(/[^A-Za-z0-9]/g, '_')}}}`]),
    );
    expect([where, helmRelease.setValueTemplates]).toEqual([where, expected]);
  }

  // What skaffold does with those templates: each image lands in the workload of the same name.
  const images = Object.fromEntries(DEPLOYABLES.map((name) => [`${name}.image`, `registry.local/vnmarket/${name}:0123abcd`]));
  const result = chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, setString: images });
  for (const artifact of artifacts) {
    const name = artifact.image.split('/')[1] as Deployable;
    const workspace = artifact.docker.buildArgs.WORKSPACE;
    expect(artifact.docker.dockerfile).toBe('deploy/Dockerfile');
    expect([workspace, existsSync(path.join(REPO, workspace, 'src/main.ts'))]).toEqual([workspace, true]);
    const pod = podSpecOf(deploymentOf(result, name));
    for (const container of allContainers(pod)) expect(container.image).toBe(`registry.local/vnmarket/${name}:0123abcd`);
  }

  // The skaffold dev loop: the dev profile starts on `skaffold dev`, forwards the gateway's Service, and
  // every synced path lands on a writable source folder the pod runs under `tsx watch`.
  const devProfile = skaffold.profiles.find((profile: any) => profile.name === 'dev');
  expect(devProfile.activation).toEqual([{ command: 'dev' }]);
  expect(devProfile.deploy.helm.releases[0].valuesFiles).toEqual([DEV]);
  const dev = chart.rendered('skaffold dev');
  const forward = devProfile.portForward[0];
  const gatewayService = find(dev, 'Service', forward.resourceName);
  expect([forward.resourceType, forward.port, forward.localPort]).toEqual(['service', gatewayService.spec.ports[0].port, 8080]);
  expect(existsSync(path.join(REPO, 'node_modules/tsx/dist/cli.mjs'))).toBe(true);
  // skaffold dev builds the Dockerfile's `dev` target (sources and tsx) of the same images with the same args.
  const devArtifacts = devProfile.build.artifacts as Array<(typeof artifacts)[number] & { docker: { target?: string } }>;
  expect(devArtifacts.map((artifact) => [artifact.image, artifact.docker.target, artifact.docker.buildArgs])).toEqual(
    artifacts.map((artifact) => [artifact.image, 'dev', artifact.docker.buildArgs]),
  );
  for (const artifact of devArtifacts) {
    const name = artifact.image.split('/')[1] as Deployable;
    const container = mainContainer(deploymentOf(dev, name));
    expect(container.command).toEqual(['node', '/app/node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/main.ts']);
    const mounts = (container.volumeMounts as Array<{ mountPath: string }>).map((mount) => mount.mountPath);
    for (const rule of artifact.sync!.manual) {
      const folder = rule.src.replace(/\/\*\*.*$/, '');
      expect([rule.src, existsSync(path.join(REPO, folder))]).toEqual([rule.src, true]);
      expect([rule.src, mounts]).toEqual([rule.src, expect.arrayContaining([path.posix.join(rule.dest, folder)])]);
    }
  }
}, 60_000);

test('the deploy hook writes an ES256 pair the services accept', () => {
  const privateKey = readFileSync(chart.keyFiles['secrets.jwtPrivateKey']!, 'utf8');
  const publicKey = readFileSync(chart.keyFiles['secrets.jwtPublicKey']!, 'utf8');
  expect(publicKey).toContain('BEGIN PUBLIC KEY');
  expect(privateKey).toContain('PRIVATE KEY');
  const signature = sign('sha256', Buffer.from('token'), { key: createPrivateKey(privateKey), dsaEncoding: 'ieee-p1363' });
  expect(verify('sha256', Buffer.from('token'), { key: createPublicKey(publicKey), dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
});
