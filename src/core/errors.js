/** Bad input from the user (a rules file, an option, a strategy spec): exit code 2, one line. */
export class InputError extends Error {
    name = 'InputError';
}
/** A strategy chose an action the rules do not allow: the run fails with exit code 1. */
export class IllegalMoveError extends Error {
    name = 'IllegalMoveError';
}
