/** Filler prose lines about as wide as a paper's column at 10 pt, so columns read as running text. Lines 0, 4 and 7 open a sentence. */
export const FILL = [
  'The widgets were trained on the same data in every',
  'run of the study, with the same budget of steps and',
  'the same schedule, so that only their depth differs',
  'from one configuration of the study to the next one.',
  'We report the mean of five runs for each of them and',
  'the spread of the runs where it exceeds a tenth, as',
  'the tables below show for the deeper configurations.',
  'All runs used the same hardware and the same seeds.',
];
