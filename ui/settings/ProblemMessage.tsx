import { readSettingsCommand } from '../../providers/configuration/settingsCommand.ts';
import { hashOf } from '../app/route.ts';
import { inAppProblem, withoutCommandLines } from './inAppRemedy.ts';
import { useProviderCatalog } from './providerCatalog.ts';

/**
 * A service message as the app says it: a fix the service words as a command line becomes the
 * place in Settings to make it, with a link there.
 */
export function ProblemMessage(props: { message: string }) {
  const needsCatalog = readSettingsCommand(props.message).change !== undefined;
  const catalog = useProviderCatalog(needsCatalog);
  const problem = needsCatalog
    ? inAppProblem(props.message, catalog)
    : { text: withoutCommandLines(props.message) };
  return (
    <>
      {problem.text}
      {problem.settings !== undefined && (
        <>
          {' '}
          <a href={hashOf({ page: 'settings', section: 'providers', provider: problem.settings.providerId })}>
            Open {problem.settings.providerName} settings
          </a>
        </>
      )}
    </>
  );
}
