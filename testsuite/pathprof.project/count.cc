// count.cc: for project.sh, a C++ program built with the specs.
#include <iostream>

int
main ()
{
  int odd = 0;
  for (int i = 0; i < 10; i++)
    if (i % 2)
      odd++;
  std::cout << odd << "\n";
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
