// The demo mode's member accounts (in the Firebase Auth Emulator): the login page's chooser, the
// emulator's seeding and the living demo's history all name the same three people.
export const DEMO_ACCOUNTS = [
  { sub: 'demo-asha', name: 'Asha Patel', email: 'asha.patel@example.com' },
  { sub: 'demo-rahul', name: 'Rahul Verma', email: 'rahul.verma@example.com' },
  { sub: 'demo-meera', name: 'Meera Iyer', email: 'meera.iyer@example.com' },
];
