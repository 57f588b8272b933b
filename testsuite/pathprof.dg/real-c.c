/* A small real C program: an insertion sort, a binary search and a
   chained hash table, on one data set.  Every count below is worked out
   from the data; the CFG facts used are those of doc/testing.md (GCC 12
   puts a for's or while's test at the bottom, the for's increment ends
   the body's block; several returns meet in one return block without a
   line of its own).

   data = 42 7 19 3 25 7 60 11.

   lookup (key, create): the bucket is key % 8.  main inserts the data in
   order (create = 1), each new entry at the head of its chain:
     42 (bucket 2, empty)   HS HL HN HA                     insert
     7  (7, empty)          HS HL HN HA                     insert
     19 (3, empty)          HS HL HN HA                     insert
     3  (3: 19)             HS HL HC HL | HL HN HA          insert
     25 (1, empty)          HS HL HN HA                     insert
     7  (7: 7)              HS HL HC HF                     found
     60 (4, empty)          HS HL HN HA                     insert
     11 (3: 3 19)           HS HL HC HL | HL HC HL | HL HN HA
   and then looks up (create = 0) 19, 5, 42, 27; bucket 3 is 11 3 19:
     19 (3)                 HS HL HC HL | HL HC HL | HL HC HF
     5  (5, empty)          HS HL HN HZ
     42 (2: 42)             HS HL HC HF
     27 (3)                 HS HL HC HL | HL HC HL x 2 | HL HN HZ
   So lookup:
     HS HL HN HA   entry -> return       5
     HS HL HC HL   entry -> backedge     4
     HL HN HA      backedge -> return    2
     HL HC HL      backedge -> backedge  4
     HS HL HC HF   entry -> return       2
     HL HC HF      backedge -> return    1
     HS HL HN HZ   entry -> return       1
     HL HN HZ      backedge -> return    1
   20 executions (12 calls + 8 backedges), 8 distinct paths.

   insertion_sort (data, 8): element i is shifted past s_i greater
   elements of the sorted prefix:
     i   key  prefix                 s_i  the while stops
     1   7    42                     1    j < 0
     2   19   7 42                   1    a[j] <= key
     3   3    7 19 42                3    j < 0
     4   25   3 7 19 42              1    a[j] <= key
     5   7    3 7 19 25 42           3    a[j] <= key (7 > 7 is false)
     6   60   3 7 7 19 25 42         0    a[j] <= key
     7   11   3 7 7 19 25 42 60      4    a[j] <= key
   result 3 7 7 11 19 25 42 60.  The while's test is two blocks (j >= 0,
   then a[j] > key), both on line IW; its backedge comes from IS, the
   for's from IP's block (a[j + 1] = key, then i++ on line IL).
     IL IK IW IS      entry -> inner backedge             1  (i = 1)
     IL IK IW IS      outer backedge -> inner backedge    5  (i = 2 3 4 5 7)
     IL IK IW IP IL   outer -> outer backedge             1  (i = 6)
     IW IS            inner -> inner backedge             7  (sum of s_i - 1)
     IW IP IL         inner -> outer backedge             6: 2 leaving at
                      the first test (i = 1 3), 4 at the second
     IL               outer backedge -> return            1
   21 executions.

   binary_search on the sorted data, for 11 60 3 8 100 (mid = lo + (hi -
   lo) / 2).  The body ends in two places, lo = mid + 1 (BL) and hi = mid
   - 1 (BH): two backedges into the test (continue.c), so a path from the
   test says which one started it.
     11:  mid 3 found                    BS BW BM BF
     60:  mid 3 5 6 (lo moves), 7 found  BS BW BM BC BL | BW BM BC BL x 2 |
                                         BW BM BF (after BL)
     3:   mid 3 1 (hi moves), 0 found    BS BW BM BC BH | BW BM BC BH |
                                         BW BM BF (after BH)
     8:   mid 3 (hi), 1 2 (lo), lo > hi  BS BW BM BC BH | BW BM BC BL
                                         (after BH) | BW BM BC BL | BW BN
     100: mid 3 5 6 7 (lo), lo > hi      BS BW BM BC BL | BW BM BC BL x 3 |
                                         BW BN
   17 executions, 9 distinct paths.

   main (labels M*): four loops, i over 8 (lookups), i over 8 (printing),
   k over 5 (searches), q over 4 (queries; the "e ? .. : 0" is a branch
   on line MQ: e is null for 5 and 27).  */

/* { dg-do run } */

#include <stdio.h>

#define N 8
#define BUCKETS 8

struct entry
{
  int key, count;
  struct entry *next;
};

static struct entry pool[32];
static int used;
static struct entry *table[BUCKETS];

static void
insertion_sort (int *a, int n)
{
  for (int i = 1; i < n; i++)		/* @IL */
    {
      int key = a[i];			/* @IK */
      int j = i - 1;			/* @IK */
      while (j >= 0 && a[j] > key)	/* @IW */
	{
	  a[j + 1] = a[j];		/* @IS */
	  j--;				/* @IS */
	}
      a[j + 1] = key;			/* @IP */
    }
}

static int
binary_search (const int *a, int n, int key)
{
  int lo = 0, hi = n - 1;		/* @BS */
  while (lo <= hi)			/* @BW */
    {
      int mid = lo + (hi - lo) / 2;	/* @BM */
      if (a[mid] == key)		/* @BM */
	return mid;			/* @BF */
      if (a[mid] < key)			/* @BC */
	lo = mid + 1;			/* @BL */
      else
	hi = mid - 1;			/* @BH */
    }
  return -1;				/* @BN */
}

static struct entry *
lookup (int key, int create)
{
  struct entry **slot = &table[(unsigned) key % BUCKETS];	/* @HS */
  for (struct entry *e = *slot; e; e = e->next)			/* @HL */
    if (e->key == key)						/* @HC */
      return e;							/* @HF */
  if (!create)							/* @HN */
    return NULL;						/* @HZ */
  struct entry *e = &pool[used++];				/* @HA */
  e->key = key;							/* @HA */
  e->count = 0;							/* @HA */
  e->next = *slot;						/* @HA */
  *slot = e;							/* @HA */
  return e;							/* @HA */
}

int
main (void)
{
  int data[N] = { 42, 7, 19, 3, 25, 7, 60, 11 };	/* @M */
  for (int i = 0; i < N; i++)				/* @ML1 */
    lookup (data[i], 1)->count++;			/* @MB1 */
  insertion_sort (data, N);				/* @MS */
  for (int i = 0; i < N; i++)				/* @ML2 */
    printf ("%d ", data[i]);				/* @MB2 */
  printf ("\n");					/* @MN */
  static const int keys[] = { 11, 60, 3, 8, 100 };
  for (int k = 0; k < 5; k++)				/* @ML3 */
    printf ("%d at %d\n", keys[k],			/* @MB3 */
	    binary_search (data, N, keys[k]));		/* @MB3 */
  static const int queries[] = { 19, 5, 42, 27 };
  for (int q = 0; q < 4; q++)				/* @ML4 */
    {
      struct entry *e = lookup (queries[q], 0);		/* @MQ */
      printf ("%d: %d\n", queries[q], e ? e->count : 0);	/* @MQ */
    }
  return 0;						/* @MR */
}

/* { dg-output "3 7 7 11 19 25 42 60 \n11 at 3\n60 at 7\n3 at 0\n8 at -1\n100 at -1\n19: 1\n5: 0\n42: 1\n27: 0" }

   { dg-final { pathprof-path lookup "HS HL HN HA" 5 entry return } }
   { dg-final { pathprof-path lookup "HS HL HC HL" 4 entry backedge:HL } }
   { dg-final { pathprof-path lookup "HL HN HA" 2 backedge:HL return } }
   { dg-final { pathprof-path lookup "HL HC HL" 4 backedge:HL backedge:HL } }
   { dg-final { pathprof-path lookup "HS HL HC HF" 2 entry return } }
   { dg-final { pathprof-path lookup "HL HC HF" 1 backedge:HL return } }
   { dg-final { pathprof-path lookup "HS HL HN HZ" 1 entry return } }
   { dg-final { pathprof-path lookup "HL HN HZ" 1 backedge:HL return } }
   { dg-final { pathprof-executed lookup 8 } }
   { dg-final { pathprof-total lookup 20 } }

   { dg-final { pathprof-path insertion_sort "IL IK IW IS" 1 entry backedge:IS } }
   { dg-final { pathprof-path insertion_sort "IL IK IW IS" 5 backedge:IL backedge:IS } }
   { dg-final { pathprof-path insertion_sort "IL IK IW IP IL" 1 backedge:IL backedge:IL } }
   { dg-final { pathprof-path insertion_sort "IW IS" 7 backedge:IS backedge:IS } }
   { dg-final { pathprof-path-counts insertion_sort "IW IP IL" {2 4} backedge:IS backedge:IL } }
   { dg-final { pathprof-path insertion_sort "IL" 1 backedge:IL return } }
   { dg-final { pathprof-total insertion_sort 21 } }

   { dg-final { pathprof-path binary_search "BS BW BM BF" 1 entry return } }
   { dg-final { pathprof-path binary_search "BS BW BM BC BL" 2 entry backedge:BL } }
   { dg-final { pathprof-path binary_search "BS BW BM BC BH" 2 entry backedge:BH } }
   { dg-final { pathprof-path binary_search "BW BM BC BL" 6 backedge:BL backedge:BL } }
   { dg-final { pathprof-path binary_search "BW BM BC BL" 1 backedge:BH backedge:BL } }
   { dg-final { pathprof-path binary_search "BW BM BC BH" 1 backedge:BH backedge:BH } }
   { dg-final { pathprof-path binary_search "BW BM BC BH" 0 backedge:BL } }
   { dg-final { pathprof-path binary_search "BW BM BF" 1 backedge:BL return } }
   { dg-final { pathprof-path binary_search "BW BM BF" 1 backedge:BH return } }
   { dg-final { pathprof-path binary_search "BW BN" 2 backedge:BL return } }
   { dg-final { pathprof-executed binary_search 9 } }
   { dg-final { pathprof-total binary_search 17 } }

   main: 8 + 8 + 5 + 4 iterations; each loop's last backedge leads into
   the next loop (the test fails, then the code up to the next loop's
   first backedge).
   { dg-final { pathprof-path main "M ML1 MB1 ML1" 1 entry backedge:ML1 } }
   { dg-final { pathprof-path main "ML1 MB1 ML1" 7 backedge:ML1 backedge:ML1 } }
   { dg-final { pathprof-path main "ML1 MS ML2 MB2 ML2" 1 backedge:ML1 backedge:ML2 } }
   { dg-final { pathprof-path main "ML2 MB2 ML2" 7 backedge:ML2 backedge:ML2 } }
   { dg-final { pathprof-path main "ML2 MN ML3 MB3 ML3" 1 backedge:ML2 backedge:ML3 } }
   { dg-final { pathprof-path main "ML3 MB3 ML3" 4 backedge:ML3 backedge:ML3 } }
   { dg-final { pathprof-path main "ML3 ML4 MQ ML4" 1 backedge:ML3 backedge:ML4 } }
   { dg-final { pathprof-path-counts main "ML4 MQ ML4" {2 1} backedge:ML4 backedge:ML4 } }
   { dg-final { pathprof-path main "ML4 MR" 1 backedge:ML4 return } }
   { dg-final { pathprof-executed main 10 } }
   { dg-final { pathprof-total main 26 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
