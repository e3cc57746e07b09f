/* Placeholder: delete when the real shim lands. */
int cphotocodecs_placeholder(void);
