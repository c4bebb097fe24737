/** A command index as the registry answers it (localized views) for the renderer's unit tests. */
import type { CommandIndex } from '../../src/renderer/api/wire-types.js';

export const EXAMPLE_INDEX: CommandIndex = {
  applications: [{ id: '30', name: 'Example Bot' }, { id: '31', name: 'Other App' }],
  application_commands: [
    {
      id: '40', application_id: '30', version: '400', type: 1, name: 'echo', description: 'Repeat some text',
      options: [
        { type: 3, name: 'text', description: 'What to repeat', required: true, min_length: 2 },
        { type: 4, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
        { type: 5, name: 'loud', description: 'In capitals' },
      ],
    },
    {
      id: '41', application_id: '30', version: '410', type: 1, name: 'admin', description: 'Moderation',
      name_localized: 'administration',
      options: [{
        type: 2, name: 'user', description: 'People', name_localized: 'utilisateur',
        options: [
          {
            type: 1, name: 'ban', description: 'Ban someone', name_localized: 'bannir', description_localized: 'Bannir quelqu’un',
            options: [{ type: 6, name: 'target', description: 'Who', required: true }],
          },
          { type: 1, name: 'warn', description: 'Warn someone' },
        ],
      }, { type: 1, name: 'status', description: 'Show the status' }],
    },
    {
      id: '42', application_id: '30', version: '420', type: 1, name: 'fruit', description: 'Pick a fruit',
      options: [
        { type: 3, name: 'name', description: 'The fruit', required: true, autocomplete: true },
        { type: 4, name: 'count', description: 'How many', autocomplete: true },
      ],
    },
    { id: '43', application_id: '30', version: '430', type: 2, name: 'Inspect user', description: '' },
    { id: '44', application_id: '31', version: '440', type: 1, name: 'ping', description: 'Check the app', name_localized: 'Ping' },
  ],
};
