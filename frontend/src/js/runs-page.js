// The runs list: figures arrive exact from the server and are shown in human units here.
import { humanizeFigures } from './units.js';

humanizeFigures();
