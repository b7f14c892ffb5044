/* spot — a price history: the price per unit of machine time as a step function of time, as
 * seed 004 §VII-B prices its simulation ("spot instance price history from Amazon EC2 to
 * calculate the cost of executing different strategies"). What a copy costs is the integral
 * of the price over the time it holds its slot; what a job's strategy sees when it arrives is
 * the price then. The history is read from a file by the config (engine/config/prices.h). */
#ifndef SPECMC_SPOT_H
#define SPECMC_SPOT_H

#include <stdint.h>

struct spot_prices {
    double *t;     /* [n] times the price changes, strictly increasing, from t[0] >= 0 (the
                      model's time unit; 0 is the start of a replica) */
    double *price; /* [n] price per unit of machine time from t[i] until t[i + 1]; price[0]
                      also before t[0], price[n − 1] after t[n − 1] */
    double *cum;   /* [n] ∫ price from t[0] to t[i] */
    int n;         /* >= 1 */
};

/* The price in effect at time x. */
double spot_at(const struct spot_prices *s, double x);

/* ∫ price over [a, b] (a <= b): the cost of holding one slot from a to b. */
double spot_cost(const struct spot_prices *s, double a, double b);

/* Fill cum from t and price (after they are read); 0, or -1 when out of memory. */
int spot_prepare(struct spot_prices *s);

/* FNV-1a 64 over the times and prices: what merge and resume compare. */
uint64_t spot_digest(const struct spot_prices *s);

void spot_free(struct spot_prices *s);

#endif
