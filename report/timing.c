/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time per path in the reports: see timing.h.  */

#include <stdio.h>
#include <string.h>

#include "timing.h"

/* Whether FN's paths carry times: built with a metric, and read from a
   file with a time section (a reader check guarantees the second given
   the first).  */

bool
report_function_timed (const report_function *fn)
{
  return (fn->meta.flags & PPF_FN_TIMED)
	 && (fn->profile->file.flags & PPF_FILE_TIME);
}

/* Choose DATA's report unit (timing.h) and total every timed path's
   time in it.  */

void
report_time_finish (report_data *data)
{
  bool all_known = true, any = false;
  uint32_t unit = 0;

  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      const ppf_file *f = &fn->profile->file;

      if (!report_function_timed (fn))
	continue;
      if (!any)
	unit = f->time_unit;
      any = true;
      if (f->ticks_per_second == 0)
	all_known = false;
    }
  data->has_time = any;
  data->time_in_seconds = any && all_known;
  data->time_unit = unit;
  data->total_time = 0;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];

      if (!report_function_timed (fn))
	continue;
      for (uint64_t k = 0; k < fn->num_counts; k++)
	{
	  long double v = report_time_value (data, fn, fn->counts[k].time);
	  if (v > 0)
	    data->total_time += v;
	}
    }
}

/* RAW in DATA's report unit, or -1.  */

long double
report_time_value (const report_data *data, const report_function *fn,
		   uint64_t raw)
{
  const ppf_file *f = &fn->profile->file;

  if (!report_function_timed (fn))
    return -1;
  if (data->time_in_seconds)
    return (long double) raw / (long double) f->ticks_per_second;
  if (f->time_unit != data->time_unit)
    return -1;
  return (long double) raw;
}

/* The sum of FN's path times, or -1: see timing.h.  */

long double
report_time_function_total (const report_data *data, const report_function *fn)
{
  long double sum = 0;

  if (report_time_value (data, fn, 0) < 0)
    return -1;
  for (uint64_t k = 0; k < fn->num_counts; k++)
    sum += report_time_value (data, fn, fn->counts[k].time);
  return sum;
}

/* "s", "ticks" or "ns".  */

const char *
report_time_unit_name (const report_data *data)
{
  if (data->time_in_seconds)
    return "s";
  return data->time_unit == PPF_TIME_NS ? "ns" : "ticks";
}

/* VALUE with three significant digits and an SI prefix: seconds from
   "s" down to "ns" (and "ps" for a fraction of a tick), or a raw count
   with k, M, G, T.  */

void
report_time_format (char buf[REPORT_TIME_SIZE], const report_data *data,
		    long double value)
{
  static const char *const small[] = { "s", "ms", "us", "ns", "ps" };
  static const char *const big[] = { "", "k", "M", "G", "T", "P" };
  int i = 0;

  if (value < 0)
    {
      snprintf (buf, REPORT_TIME_SIZE, "-");
      return;
    }
  /* The prefix is chosen on the value as rounded to three digits: 1 ms
     is 0.000999999... s once divided, which must not read "1e+03 us".  */
  if (data->time_in_seconds)
    {
      while (value != 0 && value < 0.9995L && i < 4)
	value *= 1000, i++;
      /* Whole seconds from 1000 s on: "%.3Lg" would write 3.5e+03.  */
      snprintf (buf, REPORT_TIME_SIZE, value >= 1000 ? "%.0Lf %s" : "%.3Lg %s",
		value, small[i]);
      return;
    }
  while (value >= 999.5L && i < 5)
    value /= 1000, i++;
  snprintf (buf, REPORT_TIME_SIZE, "%.3Lg%s %s", value, big[i],
	    report_time_unit_name (data));
}
