import type { MachineDrawing } from '../../machines/analysis/machineDescription.ts';
import { hashOf } from '../app/route.ts';

/** Every machine of the catalog, with what one actor of it is and how big it is. */
export function MachineList(props: { machines: MachineDrawing[]; selected: string | undefined }) {
  return (
    <nav className="machine-list" aria-label="Machines">
      <ul>
        {props.machines.map(({ description }) => (
          <li key={description.name}>
            <a
              className="machine-item"
              href={hashOf({ page: 'inspect', tab: 'machines', machine: description.name })}
              aria-current={description.name === props.selected ? 'true' : undefined}
              data-machine={description.name}
            >
              <code className="machine-item-name">{description.name}</code>
              <span className="machine-item-summary">{description.summary}</span>
              <span className="muted machine-item-counts">
                {description.states.length} states · {description.transitions.length} transitions
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
