import { hashOf } from '../app/route.ts';
import type { ProviderView } from '../settings/settingsTypes.ts';
import { transcriptionChoices, transcriptionWays } from './transcriptionChoices.ts';

/** Step 1: the three ways to transcribe, each provider with its cost, languages, privacy and a link. */
export function ChoiceStep(props: { providers: ProviderView[] }) {
  return (
    <div className="setup-ways">
      {transcriptionWays.map(({ way, title, summary }) => {
        const providers = props.providers.filter(
          ({ metadata }) => transcriptionChoices[metadata.id].way === way,
        );
        return (
          <section key={way} className="setup-way" aria-labelledby={`setup-way-${way}`}>
            <h2 id={`setup-way-${way}`}>{title}</h2>
            <p className="muted">{summary}</p>
            <ul className="setup-options">
              {providers.map((provider) => (
                <ChoiceOption key={provider.metadata.id} provider={provider} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ChoiceOption(props: { provider: ProviderView }) {
  const { metadata, ready } = props.provider;
  const choice = transcriptionChoices[metadata.id];
  const titleId = `setup-option-${metadata.id}`;
  return (
    <li className="card setup-option" data-testid={`setup-option-${metadata.id}`}>
      <h3 id={titleId}>
        {metadata.name} <span className="provider-label">{metadata.label}</span>
        {ready && <span className="badge badge-success">Set up</span>}
      </h3>
      <p className="setup-option-facts">
        {choice.paid ? 'Paid' : 'Free'} · {choice.languages} · {choice.privacy}.
      </p>
      <div className="toolbar">
        <a
          className="button button-primary"
          href={hashOf({ page: 'setup', providerId: metadata.id })}
          aria-label={`Choose ${metadata.name}`}
        >
          Choose
        </a>
        {choice.link !== undefined && (
          <a href={choice.link.href} target="_blank" rel="noreferrer">
            {choice.link.text}
          </a>
        )}
      </div>
    </li>
  );
}
