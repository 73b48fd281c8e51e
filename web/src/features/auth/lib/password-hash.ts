/** The browser's password hashing lives in lib/ (the profile's password change uses it too). */
export { hashPassword, newSalt } from '../../../lib/password-hash';
