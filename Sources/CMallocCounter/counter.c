void bezel_malloc_counter_placeholder(void) {}
